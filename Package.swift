// swift-tools-version: 6.2
import PackageDescription

/// Upcoming features the whole package is written against: async functions run on their caller's
/// actor unless marked `@concurrent` (SE-0461), so the interpreter never hops by accident.
let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
  .enableUpcomingFeature("InferIsolatedConformances"),
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
  name: "ConcurrencyLab",
  products: [
    .executable(name: "lab", targets: ["lab"]),
    .library(name: "ConcurrencyLab", targets: ["ConcurrencyLab"]),
    .library(name: "LabRuntime", targets: ["LabRuntime"]),
  ],
  targets: [
    // Executors, clocks and schedulers: knows nothing about scenarios.
    .target(name: "LabRuntime", swiftSettings: swiftSettings),
    // Scenario model, interpreter, traces and expectations: no printing, no exiting.
    .target(name: "ConcurrencyLab", dependencies: ["LabRuntime"], swiftSettings: swiftSettings),
    // The command-line front end: arguments, files, printing, exit codes.
    .executableTarget(name: "lab", dependencies: ["ConcurrencyLab", "LabRuntime"], swiftSettings: swiftSettings),
    .testTarget(
      name: "ConcurrencyLabTests", dependencies: ["ConcurrencyLab", "LabRuntime"],
      swiftSettings: swiftSettings),
  ],
  swiftLanguageModes: [.v6]
)

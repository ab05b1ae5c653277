// swift-tools-version: 6.2
import PackageDescription

// Benchmarks live apart from the root package so they never add to its build or its dependencies.
// Run from the repository root: swift run -c release --package-path Benchmarks lab-bench
let package = Package(
  name: "ConcurrencyLabBenchmarks",
  dependencies: [.package(name: "ConcurrencyLab", path: "..")],
  targets: [
    .executableTarget(
      name: "lab-bench",
      dependencies: [
        .product(name: "LabChecks", package: "ConcurrencyLab"),
        .product(name: "LabInterpreter", package: "ConcurrencyLab"),
        .product(name: "LabModel", package: "ConcurrencyLab"),
        .product(name: "LabNative", package: "ConcurrencyLab"),
        .product(name: "LabProcess", package: "ConcurrencyLab"),
        .product(name: "LabRuntime", package: "ConcurrencyLab"),
        .product(name: "LabSwift", package: "ConcurrencyLab"),
      ],
      swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")])
  ],
  swiftLanguageModes: [.v6]
)

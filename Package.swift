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

// The layers, bottom to top; each target depends only on targets above it in this list, so the
// compiler keeps the dependencies one way. docs/architecture.md draws the graph.
let package = Package(
  name: "ConcurrencyLab",
  products: [
    .executable(name: "lab", targets: ["lab"]),
    .library(name: "LabRuntime", targets: ["LabRuntime"]),
    .library(name: "LabProcess", targets: ["LabProcess"]),
    .library(name: "LabModel", targets: ["LabModel"]),
    .library(name: "LabSwift", targets: ["LabSwift"]),
    .library(name: "LabInterpreter", targets: ["LabInterpreter"]),
    .library(name: "LabChecks", targets: ["LabChecks"]),
    .library(name: "LabPictures", targets: ["LabPictures"]),
    .library(name: "LabCommandLine", targets: ["LabCommandLine"]),
    .library(name: "LabLessons", targets: ["LabLessons"]),
    .library(name: "LabSite", targets: ["LabSite"]),
    .library(name: "LabNative", targets: ["LabNative"]),
  ],
  targets: [
    // Executors, clocks and schedulers, virtual and live: knows nothing about scenarios.
    .target(name: "LabRuntime", swiftSettings: swiftSettings),
    // A program the lab did not write, run as an untrusted one: a process group of its own,
    // killed with its group at a time, memory, CPU or output limit and with the lab; a compiled
    // scenario, a fact, swiftc itself. Knows nothing about scenarios.
    .target(name: "LabProcess", swiftSettings: swiftSettings),
    // The scenario language: JSON with positions, diagnostics, the step-kind table, the scenario
    // and expectation model, name checks, the generated JSON Schema. Pure values, no running.
    .target(name: "LabModel", swiftSettings: swiftSettings),
    // The Swift beside every scenario: a program written as a person would write it, and what
    // swiftc says about it. Reads the model only; runs nothing but the compiler.
    .target(
      name: "LabSwift", dependencies: ["LabModel", "LabProcess"], swiftSettings: swiftSettings),
    // Runs a scenario on a runtime and returns a run record: events, values, problems. No checks.
    .target(
      name: "LabInterpreter", dependencies: ["LabModel", "LabRuntime"],
      swiftSettings: swiftSettings),
    // Judges runs: expectations, expected traces and their diff, outcomes, exploration.
    .target(
      name: "LabChecks", dependencies: ["LabInterpreter", "LabModel", "LabRuntime"],
      swiftSettings: swiftSettings),
    // Draws runs: terminal timelines, HTML reports, Chrome/Perfetto traces.
    .target(
      name: "LabPictures",
      dependencies: ["LabChecks", "LabInterpreter", "LabSwift", "LabModel", "LabRuntime"],
      swiftSettings: swiftSettings),
    // The command line as values: options declared once (`Option`) and parsed (`Arguments`),
    // the run options, `--schedule`, colour for a terminal, shell completions, how the lab was
    // started. The lowest layer the CLI and a lesson's `lab run` lines share.
    .target(
      name: "LabCommandLine",
      dependencies: ["LabChecks", "LabInterpreter", "LabModel", "LabRuntime"],
      swiftSettings: swiftSettings),
    // Lessons: Markdown with runs in it, the lesson catalog, playing a lesson, the listing, the
    // `lab new` template.
    .target(
      name: "LabLessons",
      dependencies: [
        "LabCommandLine", "LabPictures", "LabChecks", "LabInterpreter", "LabSwift", "LabModel",
        "LabRuntime",
      ],
      swiftSettings: swiftSettings),
    // The course as a static website: lessons with their runs as players, scenarios with their
    // Swift programs, an index. Pure apart from running: returns pages, writes nothing.
    .target(
      name: "LabSite",
      dependencies: [
        "LabLessons", "LabCommandLine", "LabPictures", "LabSwift", "LabChecks", "LabInterpreter",
        "LabModel", "LabRuntime",
      ],
      swiftSettings: swiftSettings),
    // Native runs: a scenario's Swift program compiled (cached) and run on the real Swift
    // runtime, its output read back as a trace and checked like a live run.
    .target(
      name: "LabNative",
      dependencies: [
        "LabSwift", "LabChecks", "LabInterpreter", "LabModel", "LabRuntime", "LabProcess",
      ],
      swiftSettings: swiftSettings),
    // The command-line front end: parses arguments, prints, exits. No logic of its own.
    .executableTarget(
      name: "lab",
      dependencies: [
        "LabSite", "LabLessons", "LabCommandLine", "LabNative", "LabPictures", "LabChecks",
        "LabInterpreter", "LabSwift", "LabModel", "LabRuntime", "LabProcess",
      ],
      swiftSettings: swiftSettings),
    // Helpers for the tests (in Tests/, in no product), each at the layer it needs: the
    // package's folders and scenarios (the model), runs of the bad inputs (the interpreter),
    // checked and hand-built runs (the checks), a scenario's program compiled (native). Regular
    // targets, since test targets cannot depend on each other.
    .target(
      name: "LabTestSupport", dependencies: ["LabModel"], path: "Tests/LabTestSupport",
      swiftSettings: swiftSettings),
    .target(
      name: "LabInterpreterTestSupport",
      dependencies: ["LabTestSupport", "LabInterpreter", "LabModel", "LabRuntime"],
      path: "Tests/LabInterpreterTestSupport", swiftSettings: swiftSettings),
    .target(
      name: "LabChecksTestSupport",
      dependencies: ["LabTestSupport", "LabChecks", "LabInterpreter", "LabModel", "LabRuntime"],
      path: "Tests/LabChecksTestSupport", swiftSettings: swiftSettings),
    .target(
      name: "LabNativeTestSupport",
      dependencies: [
        "LabTestSupport", "LabNative", "LabSwift", "LabModel", "LabChecks", "LabInterpreter",
      ],
      path: "Tests/LabNativeTestSupport", swiftSettings: swiftSettings),
    // The tests, one target per layer, each file in the highest layer it imports (the script
    // Scripts/test-layers.py says which, and checks this list), so that work on a layer builds
    // no test of the layers above it. LabCLITests imports `lab` itself to run its commands in
    // process, and runs the built binary.
    .testTarget(
      name: "LabRuntimeTests",
      dependencies: ["LabRuntime"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "LabProcessTests",
      dependencies: ["LabProcess"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "LabModelTests",
      dependencies: ["LabModel", "LabTestSupport"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "LabSwiftTests",
      dependencies: ["LabSwift", "LabModel", "LabProcess", "LabTestSupport"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "LabInterpreterTests",
      dependencies: [
        "LabInterpreter", "LabModel", "LabRuntime", "LabTestSupport", "LabInterpreterTestSupport",
      ],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "LabChecksTests",
      dependencies: [
        "LabChecks", "LabInterpreter", "LabSwift", "LabModel", "LabRuntime", "LabTestSupport",
        "LabChecksTestSupport", "LabInterpreterTestSupport",
      ],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "LabPicturesTests",
      dependencies: [
        "LabPictures", "LabChecks", "LabInterpreter", "LabSwift", "LabModel", "LabRuntime",
        "LabTestSupport", "LabChecksTestSupport", "LabInterpreterTestSupport",
      ],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "LabNativeTests",
      dependencies: [
        "LabNative", "LabChecks", "LabInterpreter", "LabSwift", "LabModel", "LabRuntime",
        "LabTestSupport", "LabChecksTestSupport", "LabCommandLine", "LabInterpreterTestSupport",
        "LabNativeTestSupport", "LabProcess",
      ],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "LabLessonsTests",
      dependencies: [
        "LabLessons", "LabCommandLine", "LabPictures", "LabChecks", "LabInterpreter", "LabSwift",
        "LabModel", "LabRuntime", "LabTestSupport", "LabChecksTestSupport", "LabNative",
        "LabInterpreterTestSupport", "LabNativeTestSupport",
      ],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "LabSiteTests",
      dependencies: [
        "LabSite", "LabLessons", "LabPictures", "LabChecks", "LabInterpreter", "LabModel",
        "LabTestSupport",
      ],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "LabCLITests",
      dependencies: [
        "lab", "LabSite", "LabLessons", "LabCommandLine", "LabNative", "LabPictures", "LabChecks",
        "LabInterpreter", "LabSwift", "LabModel", "LabRuntime", "LabTestSupport",
        "LabChecksTestSupport", "LabInterpreterTestSupport", "LabNativeTestSupport", "LabProcess",
      ],
      swiftSettings: swiftSettings),
  ],
  swiftLanguageModes: [.v6]
)

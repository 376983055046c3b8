// swift-tools-version: 6.2
import PackageDescription

/// Our own targets build with every warning as an error; dependencies keep their own settings.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
    name: "Cadence",
    platforms: [.macOS(.v15)],  // Synchronization.Mutex
    products: [
        // One import for an app or a test: every module below that a user needs, re-exported.
        .library(name: "Cadence", targets: ["Cadence"]),
        // Golden assertions of rendered frames for users' own test suites.
        .library(name: "CadenceTesting", targets: ["CadenceTesting"]),
        // Cadence frames as a swift-snapshot-testing strategy, for suites that already use it.
        .library(name: "CadenceSnapshotTesting", targets: ["CadenceSnapshotTesting"]),
        // The modules one by one: a user who wants only curves and springs gets pure Swift.
        .library(name: "CadenceTiming", targets: ["CadenceTiming"]),
        .library(name: "CadenceDraw", targets: ["CadenceDraw"]),
        .library(name: "CadenceAnimation", targets: ["CadenceAnimation"]),
        .library(name: "CadenceText", targets: ["CadenceText"]),
        .library(name: "CadenceScene", targets: ["CadenceScene"]),
        .library(name: "CadenceLayers", targets: ["CadenceLayers"]),
        .library(name: "CadenceWidgets", targets: ["CadenceWidgets"]),
        .library(name: "CadenceSceneFile", targets: ["CadenceSceneFile"]),
        .library(name: "CadenceScript", targets: ["CadenceScript"]),
        .library(name: "CadenceLottie", targets: ["CadenceLottie"]),
        .library(name: "CadenceArchive", targets: ["CadenceArchive"]),
        .library(name: "CadenceImage", targets: ["CadenceImage"]),
        .library(name: "CadenceRender", targets: ["CadenceRender"]),
        .library(name: "CadenceRaster", targets: ["CadenceRaster"]),
        .library(name: "CadencePlatform", targets: ["CadencePlatform"]),
        .library(name: "CadenceEngine", targets: ["CadenceEngine"]),
        .library(name: "CadenceTools", targets: ["CadenceTools"]),
        .executable(name: "cadence", targets: ["CadenceCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        // Only CadenceSnapshotTesting uses it (its SnapshotTesting module needs no swift-syntax).
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        // `make docs`: the DocC plugin (a command plugin; nothing of it is linked).
        .package(url: "https://github.com/apple/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // System libraries, found by pkg-config; the apt line names the Debian package.
        .systemLibrary(name: "CGLFW", pkgConfig: "glfw3", providers: [.apt(["libglfw3-dev"])]),
        .systemLibrary(name: "CGL", pkgConfig: "egl", providers: [.apt(["libgl-dev", "libegl-dev", "libopengl-dev", "libegl-mesa0", "libgl1-mesa-dri"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        // libjpeg-turbo: JPEG images embedded in or beside Lottie files.
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        // zlib itself: incremental PNG compresses bands of rows ending in a full flush, which
        // libdeflate cannot do.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // Tests only: reading back what an X window shows.
        .systemLibrary(name: "CX11", pkgConfig: "x11", providers: [.apt(["libx11-dev"])]),

        // Paths users name, read and written one way: regular files only, whole or not at all.
        .target(name: "CadenceFiles", swiftSettings: strict),

        // Pure modules: no C, no GL.
        .target(
            name: "CadenceTiming",
            dependencies: ["CadenceAnimation", "CadenceFiles", .product(name: "Histogram", package: "hdrhistogram-swift"), .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict
        ),
        .target(name: "CadenceDraw", swiftSettings: strict),
        .target(name: "CadenceAnimation", dependencies: ["CadenceDraw"], swiftSettings: strict),
        .target(name: "CadenceText", dependencies: ["CFreeType", "CHarfBuzz", "CFontconfig", "CadenceDraw", "CadenceFiles"], swiftSettings: strict),
        // The layer model: layers, animations by key path, scenes, presentation at a time, the
        // widget seam; text through `TextLayoutEngine`, so no C text libraries.
        .target(name: "CadenceLayers", dependencies: ["CadenceAnimation", "CadenceDraw"], swiftSettings: strict),
        // The widgets: the `Widget` protocol (how a scene file names and reads one), the
        // registry, the iOS originals, the built-in scenes.
        .target(name: "CadenceWidgets", dependencies: ["CadenceLayers", "CadenceAnimation", "CadenceDraw", "CadenceFiles", "CadenceText"], swiftSettings: strict),
        // An importer: scene files (JSON) to layer trees and widgets, with file / node / key errors.
        .target(
            name: "CadenceSceneFile",
            dependencies: ["CadenceWidgets", "CadenceLayers", "CadenceLottie", "CadenceArchive", "CadenceAnimation", "CadenceDraw", "CadenceFiles", "CadenceTiming"],
            swiftSettings: strict
        ),
        // Scripts: the ES5 of Lottie expressions, read once and run bounded (steps, memory, depth),
        // reaching nothing but what the host gives. Pure: no C, no GL.
        .target(name: "CadenceScript", dependencies: ["CadenceAnimation"], swiftSettings: strict),
        // An importer: Lottie (Bodymovin JSON) read into a checked model, evaluated at any frame
        // into display-list commands; a scene node (`LottieView`). Pure: no C, no GL.
        .target(
            name: "CadenceLottie", dependencies: ["CadenceLayers", "CadenceAnimation", "CadenceDraw", "CadenceFiles", "CadenceScript"],
            swiftSettings: strict
        ),
        // The three above as one import, as before they were split.
        .target(name: "CadenceScene", dependencies: ["CadenceLayers", "CadenceWidgets", "CadenceSceneFile"], swiftSettings: strict),

        // Modules over C libraries.
        // libpng reports errors by longjmp, which Swift cannot cross: the setjmp lives in C.
        .target(name: "CPNGCodec", dependencies: ["CPNG", "CDeflate", "CZlib"]),
        // libjpeg too reports errors by longjmp.
        .target(name: "CJPEGCodec", dependencies: ["CJPEG"]),
        .target(name: "CadenceImage", dependencies: ["CPNGCodec", "CJPEGCodec", "CadenceDraw", "CadenceFiles"], swiftSettings: strict),
        // gzip and zip read from memory with zlib, bounded: Telegram stickers (.tgs), dotLottie (.lottie).
        .target(name: "CadenceArchive", dependencies: ["CZlib"], swiftSettings: strict),
        // The render seam: the `RenderBackend` protocol, `FrameCompositor` (damage policy, redraw
        // cost, kept frame). Pure: no C, no GL.
        .target(name: "CadenceRender", dependencies: ["CadenceDraw"], swiftSettings: strict),
        // The CPU backend: display lists drawn with no GL, the same bytes on every machine.
        .target(name: "CadenceRaster", dependencies: ["CadenceRender", "CadenceDraw", "CadenceText"], swiftSettings: strict),
        .target(
            name: "CadenceGL",
            dependencies: ["CGL", "CadenceRender", "CadencePlatform", "CadenceDraw", "CadenceImage", "CadenceText"],
            resources: [
                .embedInCode("Shaders/rounded_rect.vert"),
                .embedInCode("Shaders/rounded_rect.frag"),
                .embedInCode("Shaders/line.vert"),
                .embedInCode("Shaders/line.frag"),
                .embedInCode("Shaders/glyph.vert"),
                .embedInCode("Shaders/glyph.frag"),
                .embedInCode("Shaders/image.vert"),
                .embedInCode("Shaders/image.frag"),
                .embedInCode("Shaders/shadow.vert"),
                .embedInCode("Shaders/shadow.frag"),
                .embedInCode("Shaders/composite.vert"),
                .embedInCode("Shaders/composite.frag"),
                .embedInCode("Shaders/path.vert"),
                .embedInCode("Shaders/path.frag"),
                .embedInCode("Shaders/projected.vert"),
                .embedInCode("Shaders/projected.frag"),
                .embedInCode("Shaders/blur.vert"),
                .embedInCode("Shaders/blur.frag"),
            ],
            swiftSettings: strict + [.defaultIsolation(MainActor.self)]
        ),
        .target(
            name: "CadencePlatform",
            dependencies: ["CGL", "CGLFW", "CadenceDraw", "CadenceTiming"],
            swiftSettings: strict + [.defaultIsolation(MainActor.self)]
        ),
        .target(
            name: "CadenceEngine",
            dependencies: [
                "CadenceTiming", "CadenceDraw", "CadenceText", "CadenceScene", "CadenceImage", "CadenceRender", "CadenceGL",
                "CadenceRaster", "CadencePlatform", "CadenceFiles",
            ],
            swiftSettings: strict + [.defaultIsolation(MainActor.self)]
        ),
        // The tools built on the engine: frame-rate checks, curve plots and the benchmarks (the
        // CLI's `bench` and `check`). Not part of `import Cadence`.
        .target(
            name: "CadenceTools",
            dependencies: [
                "CadenceEngine", "CadenceTiming", "CadenceAnimation", "CadenceDraw", "CadenceText", "CadenceScene", "CadenceImage",
                "CadenceRender", "CadenceGL", "CadencePlatform", "CadenceFiles",
                .product(name: "Histogram", package: "hdrhistogram-swift"), .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict + [.defaultIsolation(MainActor.self)]
        ),
        // The umbrella: `import Cadence`.
        .target(
            name: "Cadence",
            dependencies: [
                "CadenceTiming", "CadenceAnimation", "CadenceDraw", "CadenceText", "CadenceScene", "CadenceLottie", "CadenceImage", "CadencePlatform",
                "CadenceRender", "CadenceEngine",
            ],
            swiftSettings: strict
        ),
        .target(
            name: "CadenceTesting",
            dependencies: ["CadenceDraw", "CadenceImage", "CadenceScene", "CadenceRender", "CadenceEngine"],
            swiftSettings: strict
        ),
        .target(
            name: "CadenceSnapshotTesting",
            dependencies: [
                "CadenceTesting", "CadenceEngine", "CadenceScene", "CadenceDraw", "CadenceImage",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "CadenceCLI",
            dependencies: [
                "CadenceEngine", "CadenceScene", "CadenceLottie", "CadenceAnimation", "CadenceText", "CadenceDraw", "CadenceImage", "CadenceFiles",
                "CadenceRender", "CadenceTools", .product(name: "ArgumentParser", package: "swift-argument-parser"), .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict,
            plugins: ["BuildCommit"]
        ),
        // Stamps the commit into the CLI before each build, for `cadence --version`.
        .plugin(name: "BuildCommit", capability: .buildTool()),
        // The scene reader and one frame, render options planned and rendered, and the Lottie reader
        // and one frame, under libFuzzer (`make fuzz`); built plainly, it replays inputs (the
        // corpus, regressions) for the tests.
        .executableTarget(
            name: "CadenceFuzz",
            dependencies: ["CadenceScene", "CadenceLottie", "CadenceDraw", "CadenceText", "CadenceEngine", "CadenceAnimation", "CadenceImage", "CadenceTiming"],
            swiftSettings: strict
        ),

        // Tests.
        .testTarget(
            name: "CadenceTimingTests", dependencies: ["CadenceTiming", .product(name: "Logging", package: "swift-log")], swiftSettings: strict
        ),
        .testTarget(name: "CadenceFilesTests", dependencies: ["CadenceFiles"], swiftSettings: strict),
        .testTarget(name: "CadenceScriptTests", dependencies: ["CadenceScript"], swiftSettings: strict),
        .testTarget(name: "CadenceLottieTests", dependencies: ["CadenceLottie", "CadenceArchive", "CadenceLayers", "CadenceAnimation", "CadenceDraw"], swiftSettings: strict),
        .testTarget(name: "CadenceAnimationTests", dependencies: ["CadenceAnimation", "CadenceDraw"], swiftSettings: strict),
        .testTarget(name: "CadenceTextTests", dependencies: ["CadenceText", "CadenceDraw"], swiftSettings: strict),
        .testTarget(name: "CadenceDrawTests", dependencies: ["CadenceDraw"], swiftSettings: strict),
        .testTarget(name: "CadenceRenderTests", dependencies: ["CadenceRender", "CadenceDraw"], swiftSettings: strict),
        .testTarget(name: "CadenceImageTests", dependencies: ["CadenceImage", "CadenceDraw"], swiftSettings: strict),
        // The layer model alone: no text stack linked (text through a made-up TextLayoutEngine).
        .testTarget(name: "CadenceLayersTests", dependencies: ["CadenceLayers", "CadenceAnimation", "CadenceDraw"], swiftSettings: strict),
        // The scene-file reader: layers, masks, 3-D, events and traces read from files.
        .testTarget(name: "CadenceSceneFileTests", dependencies: ["CadenceScene", "CadenceAnimation", "CadenceText", "CadenceDraw"], swiftSettings: strict),
        // The widgets (read from scene files where their attributes are what is tested).
        .testTarget(name: "CadenceWidgetsTests", dependencies: ["CadenceScene", "CadenceAnimation", "CadenceText", "CadenceDraw"], swiftSettings: strict),
        .testTarget(
            name: "CadenceRasterTests",
            dependencies: ["CadenceRaster", "CadenceRender", "CadenceEngine", "CadenceScene", "CadenceDraw", "CadenceImage", "CadenceText"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "CadenceGLTests",
            dependencies: [
                "CadenceTesting", "CadenceEngine", "CadenceTools", "CadenceGL", "CadencePlatform", "CadenceScene", "CadenceDraw", "CadenceImage",
                "CadenceText", "CadenceTiming", "CadenceAnimation", "CadenceRender", "CadenceRaster", "CadenceLottie", "CGL", "CX11",
            ],
            exclude: ["Goldens", "LottieFiles"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "CadenceCLITests",
            dependencies: ["CadenceCLI", "CadenceFuzz", "CadenceImage", "CadenceDraw", "CadenceEngine", "CadenceTesting"],
            exclude: ["Goldens", "FuzzRegressions", "OptionsFuzzRegressions", "LottieFuzzRegressions"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "CadenceEngineTests",
            dependencies: ["CadenceEngine", "CadenceTools", "CadenceScene", "CadenceAnimation", "CadenceDraw", "CadenceFiles", "CadenceImage", "CadenceTiming", "CDeflate"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "CadenceTests",
            dependencies: ["Cadence", "CadenceTesting"],
            exclude: ["Goldens"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "CadenceTestingTests",
            dependencies: ["CadenceTesting", "CadenceEngine", "CadenceScene", "CadenceDraw", "CadenceImage"],
            exclude: ["Goldens"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "CadenceSnapshotTestingTests",
            dependencies: ["CadenceSnapshotTesting", "CadenceScene", "CadenceDraw", .product(name: "SnapshotTesting", package: "swift-snapshot-testing")],
            exclude: ["__Snapshots__"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "SystemLibraryTests",
            dependencies: ["CGLFW", "CGL", "CFreeType", "CHarfBuzz", "CFontconfig", "CPNG"],
            swiftSettings: strict
        ),
    ]
)

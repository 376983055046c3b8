// swift-tools-version: 6.2
// A client of Cadence, as a user's package would be: it depends on the Cadence package (here
// by relative path), builds a scene in Swift, renders it, and checks its frames in its tests.
import PackageDescription

let package = Package(
    name: "ClientPackage",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Cadence", path: "../.."),
    ],
    targets: [
        .target(name: "CardScene", dependencies: [.product(name: "Cadence", package: "Cadence")]),
        .executableTarget(name: "render-card", dependencies: ["CardScene", .product(name: "Cadence", package: "Cadence")]),
        .testTarget(
            name: "CardSceneTests",
            dependencies: ["CardScene", .product(name: "Cadence", package: "Cadence"), .product(name: "CadenceTesting", package: "Cadence")],
            exclude: ["Goldens"]
        ),
    ]
)

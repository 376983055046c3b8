// `import Cadence` gives an app or a test everything it needs: layers and widgets, animations
// and curves, the display link and clocks, scene files, Lottie files (`LottieFile.open`, value
// providers), the offscreen renderer and the windowed runner. Each module is also a product of its own (`CadenceAnimation` alone is pure Swift).

@_exported import CadenceAnimation
@_exported import CadenceDraw
@_exported import CadenceEngine
@_exported import CadenceImage
@_exported import CadenceLottie
@_exported import CadencePlatform
@_exported import CadenceRender
@_exported import CadenceScene
@_exported import CadenceText
@_exported import CadenceTiming

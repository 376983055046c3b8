// `import CadenceScene` gives the whole scene stage, as before the split: the layer model
// (CadenceLayers: layers, animations by key path, scenes, the widget seam), the widgets
// (CadenceWidgets: the Widget protocol, its registry, the iOS-original widgets, the built-in
// scenes) and the scene-file reader (CadenceSceneFile). Each is also a product of its own; a
// Lottie importer, say, needs only CadenceLayers.

@_exported import CadenceLayers
@_exported import CadenceSceneFile
@_exported import CadenceWidgets

@_exported import enum CadenceFiles.JSONValue

// Widgets read their attributes from scene files' JSON: the one `JSONValue` of `CadenceFiles`,
// which `import CadenceWidgets` gives too.

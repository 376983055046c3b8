import CadenceLottie
import CadenceScene
import Foundation

/// One expression fuzz input (`CADENCE_FUZZ_TARGET=expression`): its bytes are the source of an
/// expression on a layer's position, in a small document whose other layer, effects and shapes
/// it may read; the document is read (every expression tried at three frames) and one frame is
/// drawn. Whatever the source, the answer is a value or a warning, never a trap, a hang, an
/// escape or unbounded memory.
@MainActor @discardableResult
func fuzzExpression(_ data: Data) -> FuzzOutcome {
    let source = String(decoding: data.prefix(1 << 16), as: UTF8.self)
    guard let quoted = try? JSONSerialization.data(withJSONObject: [source]), let literal = String(data: quoted, encoding: .utf8) else {
        return .rejected
    }
    let expression = String(literal.dropFirst().dropLast())
    let document = """
    {"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 96, "h": 64, "nm": "fuzz", "layers": [
     {"ty": 4, "nm": "Leader", "ind": 1, "ip": 0, "op": 30, "st": 0,
      "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [10, 10], "i": {"x": [0.5], "y": [1]}, "o": {"x": [0.5], "y": [0]}}, {"t": 20, "s": [80, 50]}]},
             "r": {"a": 0, "k": 0, "x": "thisComp.layer('Follower').transform.rotation + 1"}},
      "ef": [{"ty": 5, "nm": "Slider", "mn": "ADBE Slider Control", "ef": [{"ty": 0, "nm": "Slider", "mn": "ADBE Slider Control-0001", "v": {"a": 0, "k": 5}}]}],
      "shapes": [{"ty": "gr", "nm": "Box", "it": [{"ty": "rc", "nm": "Rect", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}},
                 {"ty": "fl", "nm": "Paint", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}, {"ty": "tr"}]}]},
     {"ty": 4, "nm": "Follower", "ind": 2, "parent": 1, "ip": 0, "op": 30, "st": 0,
      "ks": {"p": {"a": 0, "k": [20, 20], "x": \(expression)},
             "r": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 10, "s": [90]}], "x": \(expression)}},
      "shapes": [{"ty": "sh", "nm": "Path", "ks": {"a": 0, "k": {"c": true, "v": [[0, 0], [10, 0], [10, 10]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}, "x": \(expression)}},
                 {"ty": "fl", "c": {"a": 0, "k": [0, 0, 1, 1], "x": \(expression)}, "o": {"a": 0, "k": 100}}]}
    ]}
    """
    guard let animation = try? LottieAnimation(data: Data(document.utf8), file: "fuzz-expression.json") else { return .rejected }
    let scene = Scene(lottie: animation)
    return (try? scene.displayList(at: animation.duration / 2)) == nil ? .rejected : .drawn
}

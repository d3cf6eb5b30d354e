// The helpers every layer's unit tests build their cases from (`item`, `december`, `wire`, …) live in
// KakeiboTestSupport; re-exported here so that every file of this target has them, as it always had.
@_exported import KakeiboTestSupport

// KakeiboKit is one thing to depend on: `import KakeiboKit` brings every layer (docs/development.md draws them).
@_exported import KakeiboOperations
@_exported import KakeiboRender
@_exported import KakeiboReports
@_exported import KakeiboStore
@_exported import KakeiboValues

// The Chromium flags proven on this machine (toolchain.md §5): WebGL2 through ANGLE + SwiftShader.
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

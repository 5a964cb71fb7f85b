// Jest stand-in for CSS imports (rspack handles them in the build).
export default {};

// Architecture rules for the web side; see eslint/README.md.
export default [];

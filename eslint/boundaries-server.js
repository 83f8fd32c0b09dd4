// Architecture rules for the server side; see eslint/README.md.
export default [];

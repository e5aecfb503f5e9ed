// Entry of the production build (build/server/main.js). React, react-dom and other libraries pick
// their production builds from NODE_ENV when first imported; unset, they load the development
// builds (checks, warnings, several times slower rendering). The production build always runs as
// production, also when a test spawns it with NODE_ENV=test, so tests measure what users get.
process.env.NODE_ENV = "production";
await import("./main");

export {};

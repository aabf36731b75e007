// The types of server-build.mjs, for the TypeScript that imports it (tests, bench).
export declare const serverBundle: string
export declare const serverNodeFlags: string[]
export declare function buildServer(): void

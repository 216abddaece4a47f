// Stands in for the classic theme's Prism client module (see index.ts): nothing runs at start-up.
export {};

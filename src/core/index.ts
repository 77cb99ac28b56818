/** Public API of the PTK engine (built into out/core.js). */
export * from './errors';
export * from './types';
export * from './ports';
export * from './constants';

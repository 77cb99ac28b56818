/** Small core utilities every layer may use: AbortSignal plumbing, call signatures, safe callbacks. */
export * from './abortSignals';
export * from './callSignature';
export * from './notify';

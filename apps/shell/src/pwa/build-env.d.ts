/** Replaced by rspack at build time (`optimization.nodeEnv` follows the mode). */
declare const process: { env: { NODE_ENV: 'development' | 'production' | 'test' } };

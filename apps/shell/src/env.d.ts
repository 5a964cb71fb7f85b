/** CSS files are handled by rspack (`type: 'css/auto'`); importing them only adds the styles. */
declare module '*.css';

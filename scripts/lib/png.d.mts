export declare const PNG_GREYSCALE: 0;
export declare const PNG_RGB: 2;
export declare function encodePng(
  width: number,
  height: number,
  colourType: typeof PNG_GREYSCALE | typeof PNG_RGB,
  raw: Buffer,
  options?: { level?: number },
): Buffer;

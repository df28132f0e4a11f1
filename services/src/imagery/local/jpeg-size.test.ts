import { createCanvas } from '@napi-rs/canvas';
import { jpegSize } from './jpeg-size.js';

describe('jpegSize', () => {
  it('reads the width and height of a real JPEG, with metadata segments before the frame', async () => {
    const jpeg = await createCanvas(640, 320).encode('jpeg');
    expect(jpegSize(jpeg)).toEqual({ width: 640, height: 320 });
    const comment = Buffer.from([0xff, 0xfe, 0x00, 0x07, ...Buffer.from('hello')]);
    expect(jpegSize(Buffer.concat([jpeg.subarray(0, 2), comment, jpeg.subarray(2)]))).toEqual({ width: 640, height: 320 });
  });

  it('says null for bytes that are not a JPEG, or end before the frame header', async () => {
    const jpeg = await createCanvas(64, 32).encode('jpeg');
    expect(jpegSize(Buffer.from('not a picture'))).toBeNull();
    expect(jpegSize(await createCanvas(64, 32).encode('png'))).toBeNull();
    expect(jpegSize(jpeg.subarray(0, 20))).toBeNull();
  });
});

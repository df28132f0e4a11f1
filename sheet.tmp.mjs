import sharp from 'sharp';
const [out, w, h, cols, ...files] = process.argv.slice(2);
const W = Number(w), H = Number(h), C = Number(cols);
const rows = Math.ceil(files.length / C);
const composites = await Promise.all(files.map(async (f, i) => ({ input: await sharp(f).resize(W, H, { fit: 'contain', background: '#fff' }).toBuffer(), left: (i % C) * W, top: Math.floor(i / C) * H })));
await sharp({ create: { width: W * C, height: H * rows, channels: 3, background: '#fff' } }).composite(composites).png().toFile(out);

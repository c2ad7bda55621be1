import sharp from 'sharp';

/** A solid-colour still image in the given format. */
export function solidImage(
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png',
  background = '#3366cc',
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer();
}

/** A two-frame animated GIF. */
export async function animatedGif(width: number, height: number): Promise<Buffer> {
  const frames = await Promise.all(
    ['#ff0000', '#0000ff'].map((background) => solidImage(width, height, 'png', background)),
  );
  return sharp(frames, { join: { animated: true } })
    .gif({ delay: [100, 100], loop: 0 })
    .toBuffer();
}

import { Controller, Get, Header, StreamableFile } from '@nestjs/common';
import { Public } from '@nestodon/auth';
import { loadSharp } from '@nestodon/core';

const COLOR = { r: 0x60, g: 0x64, b: 0x84 };
const images = new Map<string, Promise<Buffer>>();

/** A plain PNG of the profile image size, drawn once per process. */
function placeholder(width: number, height: number): Promise<Buffer> {
  const key = `${width}x${height}`;
  let image = images.get(key);
  if (!image) {
    image = loadSharp()({ create: { width, height, channels: 3, background: COLOR } })
      .png()
      .toBuffer();
    images.set(key, image);
  }
  return image;
}

/**
 * The images accounts without an avatar or header point to, at the paths Mastodon uses
 * (`/avatars/original/missing.png`, `/headers/original/missing.png`), and the instance
 * thumbnail (`/images/preview.png`) until an admin uploads one.
 */
@Controller()
export class MissingImagesController {
  @Get('avatars/original/missing.png')
  @Public()
  @Header('Content-Type', 'image/png')
  @Header('Cache-Control', 'public, max-age=86400')
  async avatar(): Promise<StreamableFile> {
    return new StreamableFile(await placeholder(400, 400));
  }

  @Get('headers/original/missing.png')
  @Public()
  @Header('Content-Type', 'image/png')
  @Header('Cache-Control', 'public, max-age=86400')
  async header(): Promise<StreamableFile> {
    return new StreamableFile(await placeholder(1500, 500));
  }

  @Get('images/preview.png')
  @Public()
  @Header('Content-Type', 'image/png')
  @Header('Cache-Control', 'public, max-age=86400')
  async instanceThumbnail(): Promise<StreamableFile> {
    return new StreamableFile(await placeholder(1200, 630));
  }
}

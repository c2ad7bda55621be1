import { RecordedRequest } from '@nestodon/testing';
import { ServerResponse } from 'node:http';
import sharp from 'sharp';

/**
 * A news site for link trends: `/story` (and any other page but `/plain`) is an article with
 * a title, a description, a picture and the site's name, as Mastodon requires of a trending
 * link; `/plain` is a page with a title only, which never trends.
 */
export async function articleSite(): Promise<
  (request: RecordedRequest, res: ServerResponse) => void
> {
  const png = await sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: 20, g: 90, b: 160 } },
  })
    .png()
    .toBuffer();
  return (request, res) => {
    const path = request.path.split('?')[0];
    if (path === '/picture.png') {
      res.writeHead(200, { 'Content-Type': 'image/png' }).end(png);
    } else if (path === '/plain') {
      res
        .writeHead(200, { 'Content-Type': 'text/html' })
        .end('<html><head><meta property="og:title" content="Plain page"></head></html>');
    } else {
      res.writeHead(200, { 'Content-Type': 'text/html' }).end(
        `<html><head><meta property="og:type" content="article">
           <meta property="og:title" content="Big news">
           <meta property="og:description" content="What happened">
           <meta property="og:image" content="/picture.png">
           <meta property="og:site_name" content="The Paper"></head></html>`,
      );
    }
  };
}

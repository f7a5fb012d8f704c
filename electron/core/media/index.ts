export { probeMedia } from './media-probe';
export type { MediaFacts } from './media-probe';
export { thumbnailPathFor, THUMBNAIL_WIDTH, writePoster, writeThumbnail } from './thumbnails';

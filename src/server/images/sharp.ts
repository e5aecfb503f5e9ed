import sharp from "sharp";

// libvips keeps up to 50 MB and 100 operations of decoded images in its cache and runs one thread
// per core for each image. Every variant is made once and then served from disk (resize.ts), so the
// cache never hits, and on a small server the threads only multiply the memory of images in flight.
sharp.cache(false);
sharp.concurrency(1);

export default sharp;

import { offerImageUrl } from "../../../domain/images";

/**
 * A banner's picture in the panel (its list, its form): fetched from the image store at the width it
 * is shown, in the banner's 8:3 shape; `className` sizes it on the page.
 */
export function BannerThumbnail({
  imageId,
  alt,
  width,
  className,
}: {
  imageId: string;
  alt: string;
  width: number;
  className: string;
}) {
  return (
    <img
      src={offerImageUrl(imageId, { width })}
      alt={alt}
      width={width}
      height={(width * 3) / 8}
      className={`rounded object-cover ${className}`}
    />
  );
}

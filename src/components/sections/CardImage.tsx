/** A card's 16:9 cover picture, loaded lazily (cards sit below the fold), sized so nothing shifts. */
export function CardImage({ src, alt }: { src: string; alt: string }) {
  return (
    <img
      src={src}
      alt={alt}
      width={640}
      height={360}
      loading="lazy"
      decoding="async"
      className="aspect-video w-full border-b border-white/10 object-cover"
    />
  )
}

import { ImageOff } from "lucide-react";
import { useState } from "react";
import { cn } from "../../../lib/utils";

/**
 * A product's picture, cropped to its box; a broken or missing picture becomes an icon rather
 * than the browser's broken-image mark. Decorative: the product's name is written beside it.
 */
export function ProductImage({ src, className }: { src: string; className?: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const broken = src === "" || failedSrc === src;
  return (
    <div className={cn("relative overflow-hidden bg-slate-100", className)}>
      {broken ? (
        <div
          className="flex size-full items-center justify-center text-slate-400"
          data-testid="product-image-fallback"
        >
          <ImageOff className="size-1/3 max-h-12 max-w-12" aria-hidden="true" />
        </div>
      ) : (
        <img
          src={src}
          alt=""
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          onError={() => setFailedSrc(src)}
          className="size-full object-cover"
        />
      )}
    </div>
  );
}

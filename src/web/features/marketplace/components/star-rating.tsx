import { Star, StarHalf } from "lucide-react";
import { ratingStars, reviewsLabel } from "../store-view";

/** Five stars to the nearest half, then "(n reviews)". */
export function StarRating({ rating, reviewCount }: { rating: number; reviewCount: number }) {
  return (
    <div className="flex items-center gap-1.5 text-sm">
      <span className="flex items-center" role="img" aria-label={`Rated ${rating} out of 5`}>
        {ratingStars(rating).map((fill, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the five stars are fixed positions.
          <span key={i} className="relative size-4">
            <Star className="absolute inset-0 size-4 text-slate-300" fill="currentColor" aria-hidden="true" />
            {fill === "full" ? (
              <Star
                className="absolute inset-0 size-4 text-amber-500"
                fill="currentColor"
                aria-hidden="true"
              />
            ) : fill === "half" ? (
              <StarHalf
                className="absolute inset-0 size-4 text-amber-500"
                fill="currentColor"
                aria-hidden="true"
              />
            ) : null}
          </span>
        ))}
      </span>
      <span className="font-semibold text-slate-900 tabular-nums">{rating.toFixed(1)}</span>
      <span className="text-slate-600">{reviewsLabel(reviewCount)}</span>
    </div>
  );
}

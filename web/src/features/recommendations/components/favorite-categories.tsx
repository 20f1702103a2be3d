import { MAX_FAVORITE_CATEGORIES } from '@myworld/schemas';
import { capitalize } from '../../../lib/labels.ts';
import { useUserPreferences } from '../api/get-user-preferences.ts';

/** The user's favorite categories (at most 3), from their interactions; nothing until they have some. */
export function FavoriteCategories() {
  const preferences = useUserPreferences();
  const favorites = preferences.data?.favoriteCategories.slice(0, MAX_FAVORITE_CATEGORIES) ?? [];
  if (favorites.length === 0) return null;
  return (
    <section
      className="favorite-categories"
      aria-labelledby="favorite-categories-title"
      data-testid="favorite-categories"
    >
      <h2 id="favorite-categories-title" className="favorite-categories__title">
        Your favorite categories
      </h2>
      <ul className="favorite-categories__list">
        {favorites.map((c) => (
          <li key={c} className="favorite-category" data-testid="favorite-category">
            {capitalize(c)}
          </li>
        ))}
      </ul>
    </section>
  );
}

import type { User } from '@/lib/session';
import { ImageCarousel } from '@/features/explore/components/image-carousel';
import SearchScreen from '@/features/search/search-screen';

/**
 * /search: the search screen, with the explore area's image carousel (counter, previous and next, full-screen
 * viewer) in its project dialog. Features do not import each other, so they meet here. One lazy chunk.
 */
export default function SearchRoute({ user }: { user: User }) {
  return (
    <SearchScreen
      user={user}
      renderProjectImages={(project) => (
        <ImageCarousel images={project.imageUrls} title={project.title} className="size-full" />
      )}
    />
  );
}

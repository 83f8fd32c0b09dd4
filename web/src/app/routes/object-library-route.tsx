import { ObjectLibraryRoute } from '@/features/object-library';
import { Guarded } from './guarded';

export default function ObjectLibraryPage() {
  return (
    // The server administers buckets for storage.manage (superusers hold every permission): the same
    // permission opens the screen and shows its menu entry, so a user never meets a screen their menu hid.
    <Guarded requiresActivation permission="storage.manage">
      <ObjectLibraryRoute />
    </Guarded>
  );
}

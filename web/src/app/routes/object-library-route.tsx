import { ObjectLibraryRoute } from '@/features/object-library';
import { Guarded } from './guarded';

export default function ObjectLibraryPage() {
  return (
    <Guarded requiresActivation superusersOnly="Only superusers can open the Object Library.">
      <ObjectLibraryRoute />
    </Guarded>
  );
}

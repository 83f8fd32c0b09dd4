import { Outlet } from 'react-router';

/** The one root layout every route sits under (SPEC §2). */
export function RootLayout() {
  return (
    <div className="bg-background text-foreground min-h-screen">
      <Outlet />
    </div>
  );
}

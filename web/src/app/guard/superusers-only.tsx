/** What an activated non-superuser sees on a superuser-only screen; each screen says what it protects. */
export function SuperusersOnly({ message }: { message: string }) {
  return (
    <main className="mx-auto w-full max-w-3xl p-6">
      <p role="alert" className="rounded-md border p-4">
        {message}
      </p>
    </main>
  );
}

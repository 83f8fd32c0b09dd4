// Placeholder until the sign-in form lands (issue 4); the route exists so navigation can be tested.
export function SignInRoute() {
  return (
    <main className="mx-auto max-w-md p-10">
      <h1 className="text-2xl font-semibold">Sign in</h1>
    </main>
  );
}

export default SignInRoute;

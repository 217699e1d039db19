export default function LoginPage() {
  return (
    <main>
      <h1>Staff sign-in</h1>
    </main>
  );
}

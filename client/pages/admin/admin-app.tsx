export default function AdminApp() {
  return (
    <main>
      <h1>Dashboard</h1>
    </main>
  );
}

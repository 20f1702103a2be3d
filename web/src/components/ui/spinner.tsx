/** The full-screen wait while the session is being checked or a page is loading. */
export function FullScreenSpinner() {
  return (
    <div className="full-screen-center" data-testid="app-loading" aria-busy="true">
      <span className="spinner" role="progressbar" aria-label="Loading" />
    </div>
  );
}

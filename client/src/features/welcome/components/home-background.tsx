import './home-background.css';

/**
 * What first-time visitors see behind the welcome dialog instead of a game (SPEC §2), in a wide and a
 * narrow version. Pure CSS art: no image to download, nothing to fail.
 */
export function HomeBackground() {
  return (
    <div className="home-background" aria-hidden="true" data-testid="home-background">
      <div className="home-background__art home-background__art--wide" />
      <div className="home-background__art home-background__art--narrow" />
    </div>
  );
}

export function MapEditorRoute() {
  return null;
}

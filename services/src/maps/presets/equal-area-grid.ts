/**
 * A grid of cells of (nearly) equal area: rows `rowDegrees` of latitude high, each row cut into as many
 * cells as keeps a cell's width in kilometres about its height (fewer towards the poles).
 */
export class EqualAreaGrid {
  private readonly columns: number[];

  constructor(private readonly rowDegrees: number) {
    const rows = Math.ceil(180 / rowDegrees);
    this.columns = Array.from({ length: rows }, (_, row) => {
      const middle = -90 + (row + 0.5) * rowDegrees;
      return Math.max(1, Math.round((360 * Math.cos((middle * Math.PI) / 180)) / rowDegrees));
    });
  }

  /** The cell a point falls in, as one number. */
  cellOf(point: { lat: number; lng: number }): number {
    const row = Math.min(this.columns.length - 1, Math.floor((point.lat + 90) / this.rowDegrees));
    const columns = this.columns[row]!;
    const column = Math.min(columns - 1, Math.floor(((point.lng + 180) / 360) * columns));
    return row * 4096 + column;
  }
}

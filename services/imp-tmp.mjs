for (const m of process.argv.slice(2)) { const t = performance.now(); await import(m); console.log(`${(performance.now() - t).toFixed(0).padStart(5)} ms +${m}`); }

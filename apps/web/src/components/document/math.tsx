/**
 * `inlineMath` and `blockMath` of a document. KaTeX is a chunk of its own
 * (math-formula.tsx), fetched the first time a formula is drawn; until it
 * arrives, and if it cannot be fetched, the formula's LaTeX source is shown.
 */
import { Component, lazy, Suspense, type ReactNode } from 'react';

const MathFormula = lazy(() => import('./math-formula'));

/** The source as text: a reader still learns the formula when KaTeX is not there. */
function Source({ latex }: { latex: string }) {
  return <code className="font-mono text-[0.9em] text-slate-700">{latex}</code>;
}

class SourceOnFailure extends Component<
  { latex: string; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <Source latex={this.props.latex} /> : this.props.children;
  }
}

export function MathView({ latex, display }: { latex: string; display: boolean }) {
  const formula = (
    <SourceOnFailure latex={latex}>
      <Suspense fallback={<Source latex={latex} />}>
        <MathFormula latex={latex} display={display} />
      </Suspense>
    </SourceOnFailure>
  );
  if (!display) return formula;
  // Focusable: a formula wider than a phone scrolls sideways, and the keyboard must reach it too.
  return (
    <div tabIndex={0} className="my-3 overflow-x-auto py-1" data-testid="block-math">
      {formula}
    </div>
  );
}

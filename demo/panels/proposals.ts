/**
 * Satchel demo: the proposals queue — agent-made changes waiting for a person's approval under the
 * `approval-gated` mutability policy. Until the store offers `proposals`, the queue is shown empty.
 */
import { el, must } from '../lib/dom.js';
import { USER_NS, type Runtime } from '../lib/runtime.js';

/** A proposal as DESIGN.md describes it; only the fields shown here. */
interface ProposalLike {
  readonly id: string;
  readonly name: string;
  readonly actor?: unknown;
}

// `proposals` is forwarded by the worker but not (yet) part of SkillStore's type: reach it structurally.
type ProposalStore = { proposals(namespace: readonly string[]): Promise<readonly ProposalLike[]> };

const list = must<HTMLUListElement>('[data-testid="proposals"]');

async function readProposals(runtime: Runtime): Promise<readonly ProposalLike[]> {
  try {
    return await (runtime.store as unknown as ProposalStore).proposals(USER_NS);
  } catch {
    return []; // NOT_FOUND: this store has no mutability policy, so nothing can be waiting
  }
}

/** Shows the pending proposals of the user namespace, or that none exist. */
export async function refreshProposals(runtime: Runtime): Promise<void> {
  const proposals = await readProposals(runtime);
  list.replaceChildren(
    ...proposals.map((p) => el('li', { testid: 'proposal', 'data-name': p.name }, el('span', { class: 'mono' }, p.name), ` — proposal ${p.id}`)),
  );
  if (proposals.length === 0) list.append(el('li', { class: 'muted', testid: 'no-proposals' }, 'No proposals: no agent has proposed a change to your skills.'));
}

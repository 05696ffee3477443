/**
 * Where a link about a competition leads (issue 32): its own page, or its group's page for a
 * group's round (those have no page of their own). Notifications, emails and screens use this.
 */
export function competitionPagePath(competition: { id: number; groupId?: number | null }): string {
  return competition.groupId == null ? `/competitions/${competition.id}` : `/groups/${competition.groupId}`;
}

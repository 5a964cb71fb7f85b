import { ProjectsScreen } from '../components/ProjectsScreen';

/** /projects (any role; employees see only their assigned projects). */
export default function ProjectsPage() {
  return <ProjectsScreen />;
}

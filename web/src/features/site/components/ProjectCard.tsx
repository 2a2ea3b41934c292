import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Heading, type HeadingLevel } from '../../../components/ui/Heading';
import { Icon } from '../../../components/ui/Icon';
import type { Project } from '../api/catalogue';
import { TagList } from './TagList';
import './ProjectCard.css';

/** Props of ProjectCard. */
export interface ProjectCardProps {
  project: Project;
  /** Level of the project's title (default 3). */
  level?: HeadingLevel;
}

/** A project as a card: image, title, description, category, type and three technologies. */
export function ProjectCard({ project, level = 3 }: ProjectCardProps) {
  const { t } = useTranslation('site');
  const image = project.primary_image || project.secondary_image;
  return (
    <li className="card project-card">
      <div className="project-card__media">
        {image ? (
          <img src={image} alt="" width={640} height={400} loading="lazy" decoding="async" />
        ) : (
          <span className="project-card__placeholder">
            <Icon name={project.youtube_id ? 'Video' : 'Code'} size={40} />
          </span>
        )}
      </div>
      <div className="project-card__meta">
        {project.category && <span className="eyebrow">{project.category}</span>}
        <span className="project-card__type">{t(`projects.types.${project.type}`, { defaultValue: project.type })}</span>
      </div>
      <Heading level={level}>
        <Link to={`/projects/${project.id}`} className="project-card__link">
          {project.title}
        </Link>
      </Heading>
      <p>{project.description}</p>
      <TagList items={project.technologies} />
    </li>
  );
}

import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { ProjectCard } from '../components/ProjectCard';
import { useProjects } from '../hooks/useCatalogue';
import { useSeo } from '../hooks/useSeo';
import './ProjectsPage.css';

/** Published projects with category chips (All plus each category found). */
export default function ProjectsPage() {
  const { t } = useTranslation('site');
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? '';
  const { data, loading } = useProjects();
  useSeo({ title: t('seo.projects.title'), description: t('seo.projects.description') });

  const projects = data ?? [];
  const categories = [...new Set(projects.map((p) => p.category).filter(Boolean))];
  const shown = category ? projects.filter((p) => p.category.toLowerCase() === category.toLowerCase()) : projects;
  const choose = (c: string) => {
    const next = new URLSearchParams(params);
    if (c) next.set('category', c);
    else next.delete('category');
    setParams(next, { replace: true });
  };

  return (
    <>
      <Breadcrumbs />
      <header className="page-head">
        <h1>{t('projects.title')}</h1>
        <p>{t('projects.subtitle')}</p>
      </header>
      {loading ? (
        <p className="status-text" role="status">
          {t('projects.loading')}
        </p>
      ) : projects.length === 0 ? (
        <p className="status-text">{t('projects.empty')}</p>
      ) : (
        <>
          <div className="chips" role="group" aria-label={t('projects.filter')}>
            {['', ...categories].map((c) => (
              <button
                key={c || 'all'}
                type="button"
                className="chip"
                aria-pressed={c.toLowerCase() === category.toLowerCase()}
                onClick={() => choose(c)}
              >
                {c || t('projects.all')}
              </button>
            ))}
          </div>
          {shown.length === 0 ? (
            <p className="status-text">{t('projects.emptyCategory')}</p>
          ) : (
            <ul className="grid">
              {shown.map((p) => (
                <ProjectCard key={p.id} project={p} level={2} />
              ))}
            </ul>
          )}
        </>
      )}
    </>
  );
}

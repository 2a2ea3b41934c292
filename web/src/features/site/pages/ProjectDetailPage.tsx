import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Icon } from '../../../components/ui/Icon';
import { track } from '../../../lib/analytics';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { useProject } from '../hooks/useCatalogue';
import { useSeo } from '../hooks/useSeo';
import './ProjectDetailPage.css';

type Tab = 'photos' | 'videos';

/** A video shown as its thumbnail until the visitor asks to play it. */
function VideoEmbed({ id, title }: { id: string; title: string }) {
  const { t } = useTranslation('site');
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <iframe
        className="project-video__frame"
        src={`https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`}
        title={title}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
      />
    );
  }
  return (
    <button type="button" className="project-video__thumb" onClick={() => setPlaying(true)}>
      <img src={`https://i.ytimg.com/vi/${id}/hqdefault.jpg`} alt="" width={480} height={360} />
      <span className="project-video__play">
        <Icon name="Play" size={28} />
      </span>
      <span className="visually-hidden">{t('project.playVideo', { title })}</span>
    </button>
  );
}

/** One project: media (photos and/or video), about, details, a testimonial, get in touch. */
export default function ProjectDetailPage() {
  const { t } = useTranslation('site');
  const navigate = useNavigate();
  const { projectId = '' } = useParams();
  const { data: project, loading } = useProject(projectId);
  const images = project ? [project.primary_image, project.secondary_image].filter(Boolean) : [];
  const hasVideo = Boolean(project?.youtube_id);
  const [tab, setTab] = useState<Tab>('photos');
  const shownTab: Tab = images.length === 0 ? 'videos' : hasVideo ? tab : 'photos';

  useSeo({
    title: project?.title ?? t('seo.projects.title'),
    description: project?.description || t('seo.projects.description'),
    type: 'article',
    noindex: !loading && !project,
  });

  useEffect(() => {
    if (project) track('project_view', { project: project.id, title: project.title });
  }, [project]);

  if (loading) {
    return (
      <p className="status-text" role="status">
        {t('project.loading')}
      </p>
    );
  }
  if (!project) {
    return (
      <div className="status-text">
        <h1>{t('project.notFound')}</h1>
        <button type="button" className="button button--primary" onClick={() => navigate(-1)}>
          {t('project.goBack')}
        </button>
      </div>
    );
  }

  const technologies =
    project.technologies.length > 0 ? (
      <ul className="tags">
        {project.technologies.map((tech) => (
          <li key={tech} className="tag">
            {tech}
          </li>
        ))}
      </ul>
    ) : (
      <p className="project__none">{t('project.noTechnologies')}</p>
    );

  return (
    <article className="project">
      <Breadcrumbs current={project.title} />
      <Link to="/projects" className="button button--ghost with-icon project__back">
        <Icon name="ArrowLeft" size={16} className="flip-rtl" />
        {t('project.back')}
      </Link>
      <header className="page-head">
        {project.category && <span className="eyebrow">{project.category}</span>}
        <h1>{project.title}</h1>
        {technologies}
      </header>

      <section className="project__media" aria-label={t('project.media')}>
        {images.length > 0 && hasVideo && (
          <div className="media-toggle" role="group" aria-label={t('project.media')}>
            <button type="button" aria-pressed={shownTab === 'photos'} onClick={() => setTab('photos')}>
              <Icon name="Camera" size={18} /> {t('project.photos')}
            </button>
            <button type="button" aria-pressed={shownTab === 'videos'} onClick={() => setTab('videos')}>
              <Icon name="Video" size={18} /> {t('project.videos')}
            </button>
          </div>
        )}
        {images.length === 0 && !hasVideo ? (
          <p className="project__none">{t('project.noMedia')}</p>
        ) : shownTab === 'photos' ? (
          <ul className="project__photos">
            {images.map((src, i) => (
              <li key={src}>
                <img src={src} alt={t('project.photoAlt', { title: project.title, n: i + 1 })} width={960} height={600} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="project-video">
            <VideoEmbed id={project.youtube_id} title={project.title} />
          </div>
        )}
      </section>

      <div className="project__body">
        <section aria-labelledby="project-about">
          <h2 id="project-about">{t('project.about')}</h2>
          <p>{project.description}</p>
          <figure className="testimonial project__testimonial">
            <blockquote>
              <p>{t('project.testimonial.quote')}</p>
            </blockquote>
            <figcaption>
              <strong>{t('project.testimonial.author')}</strong>, {t('project.testimonial.role')}
            </figcaption>
          </figure>
        </section>
        <aside className="card project__facts" aria-labelledby="project-facts">
          <h2 id="project-facts">{t('project.details')}</h2>
          <dl>
            <dt>{t('project.category')}</dt>
            <dd>{project.category || '—'}</dd>
            <dt>{t('project.year')}</dt>
            <dd>{project.year}</dd>
            <dt>{t('project.technologies')}</dt>
            <dd>{technologies}</dd>
          </dl>
        </aside>
      </div>

      <section className="cta" aria-labelledby="project-cta">
        <h2 id="project-cta">{t('project.ctaTitle')}</h2>
        <p>{t('project.ctaText')}</p>
        <Link to="/contact" className="button button--light">
          {t('project.ctaButton')}
        </Link>
      </section>
    </article>
  );
}
